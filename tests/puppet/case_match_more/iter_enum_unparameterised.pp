Enum.each |$x| { notice($x) }
