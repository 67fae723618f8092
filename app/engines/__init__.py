"""The Engines dialog: the remote engines the user added, and the machines the model on this
computer is split across (llama.cpp RPC)."""
