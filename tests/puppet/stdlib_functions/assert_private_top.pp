assert_private()
notice("ok")
