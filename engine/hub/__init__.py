"""The Hugging Face Hub: search, file lists with fit estimates, and our own resumable downloads.

Nothing here touches the network unless the user asked for a Hub action."""
