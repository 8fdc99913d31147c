$h = { 'k' => 'v', 'n' => { 'm' => 1 } }
notice("${h['k']}")
notice("${h['n']['m']}")
notice("${h[k]}")
