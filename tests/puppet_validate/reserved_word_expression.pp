$x = private
