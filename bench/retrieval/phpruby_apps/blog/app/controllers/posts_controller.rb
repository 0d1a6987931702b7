class PostsController < ApplicationController
  skip_before_action :authenticate_user!, only: %i[index show]
  before_action :set_post, only: %i[show edit update destroy publish]

  # GET /posts
  def index
    @posts = Post.published.order(published_at: :desc).page(params[:page])
  end

  # GET /posts/1
  def show
    @comments = @post.comments.includes(:author)
  end

  # POST /posts
  def create
    @post = current_user.posts.build(post_params)
    if @post.save
      redirect_to @post, notice: "Post was successfully created."
    else
      render :new, status: :unprocessable_entity
    end
  end

  # POST /posts/1/publish: publish now, or at the time the author chose.
  def publish
    if @post.scheduled_at&.future?
      PublishPostJob.set(wait_until: @post.scheduled_at).perform_later(@post.id)
    else
      @post.publish!
    end
    redirect_to @post
  end

  private

  def set_post
    @post = Post.friendly.find(params[:id])
  end

  def post_params
    params.require(:post).permit(:title, :body, :scheduled_at, tag_ids: [])
  end
end
