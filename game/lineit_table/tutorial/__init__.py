"""Line-it's tutorial: its script, where its steps point on the table, what its words claim, and the first-game tips."""
