notice('a', 'b', 1)
notice(['x'], { 'k' => 'v' })
notice()
