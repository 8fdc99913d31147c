$myhash = { key => "some value", other_key => "some other value" }
notice($myhash[key])
notice($myhash['other_key'])
