$r = /^a.*b$/
notice("re=${r}")
notice("re=$r")
