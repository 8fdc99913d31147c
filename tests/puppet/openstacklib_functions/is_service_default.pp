notice(is_service_default("<SERVICE DEFAULT>"))
notice(is_service_default("x"))
notice(is_service_default(1))
