"""What Linebox keeps on disk and where: storage, schemas, settings, statistics, history, paths, the log."""
