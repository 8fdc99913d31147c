{ 'k' => 'v' }.each |$k, $v| { notice($k) }
