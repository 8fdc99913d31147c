$u = undef notice(defined('$u'))
