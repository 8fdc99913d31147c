$h = { 'k' => 'v' }
notice(@("END"))
  key=${h['k']}
  | END
