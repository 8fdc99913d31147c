notice('it\'s')
notice('back\\slash')
notice('lone \ backslash')
notice('no \n escape')
