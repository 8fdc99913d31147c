Notify <<| |>>
