$x = 1 notice(defined('$x'))
