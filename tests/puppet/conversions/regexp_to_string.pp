$r = /^a.*z$/
notice("${r}")
