notice(defined('$nope'))
