"""The game-agnostic kernel: matches, actions and their notation, refusals, the machine builder.

Import what you need from its modules (``referee.engine.match``, ``referee.engine.errors``...):
this package re-exports nothing, so that importing a light one (the refusals of
``referee.engine.errors``, say) does not import the whole engine and its state-machine library,
which the command line's start-up cannot afford (see bench/startup.py).
"""
