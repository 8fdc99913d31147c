notice(@(END))
  $not_a_var ${not_interp} \t
  END
