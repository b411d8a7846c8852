"""The shared drawing kit: display frame, palette and theme, fonts and text,
card drawing, menus and panels, logical buttons and clocks, the 128x64 and
240x240 layouts. Imports nothing of the app but itself (docs/ARCHITECTURE.md)."""
