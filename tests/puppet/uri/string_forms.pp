$u = URI('http://example.com/')
notice("${u}", String($u), String($u, '%p'), [$u])
