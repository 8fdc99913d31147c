$u = URI('ftp://anon@files.example.org:2121/pub/file.txt;type=i')
notice($u.scheme, $u.userinfo, $u.host, $u.port, $u.path)
notice($u.query =~ Undef, $u.fragment =~ Undef)
