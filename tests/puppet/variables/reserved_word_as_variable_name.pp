$class = 'ok'
notice($class)
