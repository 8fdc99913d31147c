define d() {} notice(defined('d'))
