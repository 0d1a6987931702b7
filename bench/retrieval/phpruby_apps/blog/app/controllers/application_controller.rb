class ApplicationController < ActionController::Base
  before_action :authenticate_user!

  private

  # The signed-in user, from the session's user id.
  def current_user
    @current_user ||= User.find_by(id: session[:user_id])
  end
  helper_method :current_user

  def authenticate_user!
    redirect_to new_session_path, alert: "Please sign in." unless current_user
  end
end
