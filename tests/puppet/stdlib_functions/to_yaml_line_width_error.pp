notice(to_yaml('x', {'line_width' => -2}))
