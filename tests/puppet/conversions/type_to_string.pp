notice("${Hash[String, Integer]} ${Optional[String[1]]} ${Array}")
