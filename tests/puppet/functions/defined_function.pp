$x = 1
notice(defined('$x'))
notice(defined('$nope'))
notice(defined('notice'))
notice(defined(File))
