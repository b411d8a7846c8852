"""Rules core shared by the Pico firmware and the desktop simulator.

Every module here imports only what MicroPython has, uses no floats, and keeps
every int below 2**30 so that nothing allocates a big int on the Pico.
"""
