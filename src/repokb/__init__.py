"""repokb: code repositories as a knowledge base people and agents can trust."""

__version__ = "0.1.0"
