$r = URI('../up?q#f')
notice($r)
notice($r.path, $r.query, $r.fragment)
notice($r.scheme =~ Undef)
