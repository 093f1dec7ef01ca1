"""The one exception type callers catch: whatever it says is meant for the author."""


class ChapterError(Exception):
    """A mistake in the catalogue, an article or a page, with a message naming the file."""
