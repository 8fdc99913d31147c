notice(String([Binary('YQ==')], {Binary => '%s'}))
