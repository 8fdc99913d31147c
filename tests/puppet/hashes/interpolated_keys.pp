$k = 'dyn'
notice({"${k}amic" => 1})
