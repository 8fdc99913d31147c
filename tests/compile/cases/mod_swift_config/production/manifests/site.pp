swift_config { 'swift-hash/swift_hash_path_suffix': value => 'secret' }
