$u = URI('https://bob:pw@Example.COM:8080/a/b?x=1#frag')
notice($u.scheme, $u.userinfo, $u.host, $u.port, $u.path, $u.query, $u.fragment)
