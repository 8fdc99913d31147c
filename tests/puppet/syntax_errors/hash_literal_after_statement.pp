notice(1)
{ 'k' => 'v' }.each |$k, $v| { notice($k) }
