"""lowdiam: a reproducible research workbook for low-diameter interconnection networks."""

__version__ = "0.1.0"
