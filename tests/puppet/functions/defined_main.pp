notice(defined('main'))
