notice('banana' ? { /(an)a$/ => "sel ${1}", default => 'none' })
