notice("${File}")
notice("${Integer}")
notice("${Notify['x']}")
