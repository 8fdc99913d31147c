notice('-010' + 1)
