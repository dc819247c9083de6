"""Drawing helpers of the front end: theme colours, layout scale, text, widgets."""
