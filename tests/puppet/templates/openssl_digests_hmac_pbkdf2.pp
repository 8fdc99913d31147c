# OpenSSL in templates and functions: digests, HMAC fed with <<, PBKDF2.
notice(inline_template('<%= require "openssl"; [OpenSSL::Digest.new("sha1").hexdigest("x"), OpenSSL::HMAC.hexdigest(OpenSSL::Digest::SHA256.new, "k", "d"), OpenSSL::PKCS5.pbkdf2_hmac("p", "s", 2, 8, "sha256").unpack("H*")[0], (h = OpenSSL::HMAC.new("k", OpenSSL::Digest.new("SHA256")); h << "d"; h.hexdigest)].inspect %>'))
