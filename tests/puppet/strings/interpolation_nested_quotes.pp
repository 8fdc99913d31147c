$h = { 'key' => 'val' }
notice("${h["key"]}")
notice("${"inner"}")
