class foo {} notice(defined('foo'))
