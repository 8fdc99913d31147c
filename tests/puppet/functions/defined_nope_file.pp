notice(defined('', '$nope', 'file'))
