"""Hearth's Qt window. Nothing else imports this package."""
