"""Which of llama.cpp's CPU kernels this computer can run, found out once and remembered.

A native llama.cpp build compiles every kernel the build machine's processor advertises. Some
machines advertise instructions they then refuse: a virtual machine that lists AMX but traps on
its tile instructions, a wheel built on a newer processor. The engine child then dies of SIGILL.
Hearth probes for this in a throwaway process before the first answer, falls back to llama.cpp's
safe kernels (no extra buffer types: no AMX, no weight repacking) when the fast ones trap,
recovers the same way when an engine dies of SIGILL anyway, and remembers the choice per
processor and engine build.
"""
