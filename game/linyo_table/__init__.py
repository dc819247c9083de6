"""The Linyo table: a polished score sheet you draw on with a pen.

Modules, one idea each:

- `model`     the game being played: engine state + seats + autosave payload + result
- `path`      the stroke being drawn (a move, starts, an abort), asking the engine what is legal
- `reveal`    what the view has caught up with (lines drawn, × crossed, dice shown)
- `geometry`  field <-> pixel mapping and smooth pen curves
- `sheet_draw` the sheet: paper, fields with marks and stars, ink, glows, counts
- `dice_view` the four dice: roll, flip after a four of a kind, used marks, clicks
- `table`     the table scene (input, bots, flow, drawing)
- `results`   the results scene (ranking, tie-break, personal best, perfect sheet)
- `demo`      `linebox --demo linyo`: bots through the real table + figures JSON
- `daily`     the daily sheet (seed from the date, random sheet)
- `words`     player-readable, translated texts for engine messages
"""
