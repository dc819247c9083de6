"""Developers' tools run from the source: the monkey, the bundle's self-test, the history bench."""
